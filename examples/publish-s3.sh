#!/bin/sh
# examples/publish-s3.sh: S3-compatible storage (Amazon S3, Cloudflare R2, Backblaze B2, MinIO), every night.
# Put it beside site.yaml, install the AWS CLI with its credentials (AWS_ACCESS_KEY_ID…; AWS_ENDPOINT_URL for
# storage other than Amazon's), and run it from cron as examples/publish-rsync.sh says. Serve the bucket as a
# website with index.html as its index document and 404.html as its error document, or through a CDN that sends
# the Content-Security-Policy of Output/_headers (S3 itself cannot send it).
set -eu
BUCKET=${BUCKET:-s3://guide.example.org}
CITYGUIDE=${CITYGUIDE:-cityguide}
# shellcheck source=/dev/null
if [ -f keys.env ]; then . ./keys.env; fi
# .cityguide/ (cache and history) and reports/ stay here; neither is uploaded.
"$CITYGUIDE" build --report --report-dir reports ${CITYGUIDE_SMTP_PASSWORD:+--send}

# A file's type and lifetime are fixed when it is uploaded, so each kind goes up on its own, and what the site no
# longer has goes away with it. A file the build kept as it was (same size, older than its copy in the bucket)
# is not uploaded again; S3 keeps upload times to the second, so a second's pause keeps a file written just now
# from looking newer than its copy tomorrow.
sleep 1
put() { # TYPE CACHE-CONTROL FILTER...
    type=$1 cache=$2
    shift 2
    aws s3 sync Output/ "$BUCKET" --no-progress --delete --exclude '*' "$@" \
        --content-type "$type" --cache-control "$cache"
}
short='no-cache'                                  # pages change every night: asked again each time
long='public, max-age=31536000, immutable'        # a fingerprinted file never changes under its name
hashed='assets/*.????????????????'                # assets/style.<16 hex digits>.css
put 'text/html; charset=utf-8' "$short" --include '*.html'
put 'text/css; charset=utf-8' "$short" --include '*.css' --exclude "$hashed.css"
put 'text/css; charset=utf-8' "$long" --include "$hashed.css"
put 'text/javascript; charset=utf-8' "$short" --include '*.js' --exclude "$hashed.js"
put 'text/javascript; charset=utf-8' "$long" --include "$hashed.js"
put 'image/svg+xml' "$short" --include '*.svg' --exclude "$hashed.svg"
put 'image/svg+xml' "$long" --include "$hashed.svg"
put 'application/geo+json' "$short" --include '*.geojson'
put 'text/calendar; charset=utf-8' "$short" --include '*.ics'
put 'application/gpx+xml' "$short" --include '*.gpx'
put 'application/json' "$short" --include '*/find/*.json' --include '*offline.json'
put 'application/manifest+json' "$short" --include '*manifest.webmanifest'
put 'application/vnd.google-earth.kml+xml' "$short" --include '*.kml'
put 'application/atom+xml' "$short" --include '*/feed.xml'
put 'application/xml' "$short" --include 'sitemap.xml'
put 'text/plain; charset=utf-8' "$short" --include '*.txt'
# Photos keep their names for as long as they are shown; their type is read from their names.
aws s3 sync Output/ "$BUCKET" --no-progress --delete --exclude '*' --include 'photos/*' \
    --cache-control 'public, max-age=2592000'
# Anything else (a template's own assets). _headers and precompressed copies are for other hosts;
# .cityguide-output only marks the folder as cityguide's.
aws s3 sync Output/ "$BUCKET" --no-progress --delete --exclude '*.html' --exclude '*.css' --exclude '*.js' \
    --exclude '*.svg' --exclude '*.geojson' --exclude '*.ics' --exclude '*.gpx' --exclude '*.kml' --exclude '*/find/*.json' \
    --exclude '*offline.json' --exclude '*manifest.webmanifest' \
    --exclude '*/feed.xml' --exclude sitemap.xml --exclude '*.txt' --exclude 'photos/*' --exclude _headers \
    --exclude .cityguide-output --exclude '*.gz' --exclude '*.br'
