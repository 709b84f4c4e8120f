#!/bin/sh
# examples/publish-rsync.sh: a plain web server, every night. Put it beside site.yaml and run it from cron:
#   15 4 * * *  cd /srv/guide && ./publish-rsync.sh >> build.log 2>&1
# It builds the guide here (.cityguide/, the cache and the history, stays here from night to night; so do the
# reports, in reports/) and copies the site to the server over ssh. A build keeps every file it did not change
# as it was, modification time included, so rsync sends only what changed: a few files on most nights.
set -eu
DEST=${DEST:-guide@www.example.org:/var/www/guide/}   # user@host:/folder/ over ssh, or a local folder
CITYGUIDE=${CITYGUIDE:-cityguide}                     # the installed binary (see "Install")
# API keys (FOURSQUARE_API_KEY=…) and CITYGUIDE_SMTP_PASSWORD, if you keep them in a file beside site.yaml.
# shellcheck source=/dev/null
if [ -f keys.env ]; then . ./keys.env; fi
"$CITYGUIDE" build --report --report-dir reports ${CITYGUIDE_SMTP_PASSWORD:+--send}
# --delay-updates and --delete-delay: new files take their places at the end, so the site is whole at every
# moment but the last. --itemize-changes lists, in the log, each file that moved. _headers is for hosts that
# read it (the server's configuration, examples/nginx.conf, sends the same headers); .cityguide-output only
# marks the folder as cityguide's.
rsync --archive --delete-delay --delay-updates --itemize-changes --exclude=/_headers --exclude=/.cityguide-output \
    Output/ "$DEST"
