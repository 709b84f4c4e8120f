// libyaml's parser (Debian's libyaml-dev), whose events GuideConfig composes into its own tree.
#include <yaml.h>
