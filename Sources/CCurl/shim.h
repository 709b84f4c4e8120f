#include <curl/curl.h>

// curl_easy_setopt is variadic, which Swift cannot call: one typed wrapper per kind of value.
static inline CURLcode cityguide_curl_set_long(CURL *curl, CURLoption option, long value) {
    return curl_easy_setopt(curl, option, value);
}
static inline CURLcode cityguide_curl_set_string(CURL *curl, CURLoption option, const char *value) {
    return curl_easy_setopt(curl, option, value);
}
static inline CURLcode cityguide_curl_set_pointer(CURL *curl, CURLoption option, void *value) {
    return curl_easy_setopt(curl, option, value);
}
static inline CURLcode cityguide_curl_set_list(CURL *curl, CURLoption option, struct curl_slist *value) {
    return curl_easy_setopt(curl, option, value);
}
typedef size_t (*cityguide_curl_read_callback)(char *buffer, size_t size, size_t count, void *context);
static inline CURLcode cityguide_curl_set_read(CURL *curl, cityguide_curl_read_callback callback) {
    return curl_easy_setopt(curl, CURLOPT_READFUNCTION, callback);
}
static inline CURLcode cityguide_curl_set_offset(CURL *curl, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(curl, option, value);
}
typedef size_t (*cityguide_curl_write_callback)(char *data, size_t size, size_t count, void *context);
static inline CURLcode cityguide_curl_set_write(CURL *curl, cityguide_curl_write_callback callback) {
    return curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, callback);
}
static inline CURLcode cityguide_curl_set_header(CURL *curl, cityguide_curl_write_callback callback) {
    return curl_easy_setopt(curl, CURLOPT_HEADERFUNCTION, callback);
}
typedef int (*cityguide_curl_progress_callback)(
    void *context, curl_off_t downloadTotal, curl_off_t downloaded, curl_off_t uploadTotal, curl_off_t uploaded);
static inline CURLcode cityguide_curl_set_progress(CURL *curl, cityguide_curl_progress_callback callback) {
    return curl_easy_setopt(curl, CURLOPT_XFERINFOFUNCTION, callback);
}
// curl_easy_getinfo is variadic too.
static inline CURLcode cityguide_curl_get_long(CURL *curl, CURLINFO info, long *value) {
    return curl_easy_getinfo(curl, info, value);
}
