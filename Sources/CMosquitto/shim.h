#ifndef TERMINI_CMOSQUITTO_SHIM_H
#define TERMINI_CMOSQUITTO_SHIM_H

/* libmosquitto (Debian: libmosquitto-dev to build, libmosquitto1 to run) is opened at run
   time, by the one command that asks for a hall (--hall, termini hall): the header gives
   the types and the prototypes, dlopen the code. A one-court user's termini never loads it
   (nor the OpenSSL it brings), so a start maps no more than it did, and the binary runs on
   a machine without libmosquitto1. Nothing else lives here. */

#include <dlfcn.h>
#include <stddef.h>
#include <string.h>
#include <mosquitto.h>
#include <mqtt_protocol.h>

/* Every function Termini calls, as pointers of the header's own types (so a prototype that
   changed would not compile). */
struct termini_mosquitto_api {
    __typeof__(&mosquitto_lib_init) lib_init;
    __typeof__(&mosquitto_lib_version) lib_version;
    __typeof__(&mosquitto_new) new_client;
    __typeof__(&mosquitto_destroy) destroy;
    __typeof__(&mosquitto_username_pw_set) username_pw_set;
    __typeof__(&mosquitto_will_set) will_set;
    __typeof__(&mosquitto_connect_async) connect_async;
    __typeof__(&mosquitto_reconnect_async) reconnect_async;
    __typeof__(&mosquitto_disconnect) disconnect;
    __typeof__(&mosquitto_publish) publish;
    __typeof__(&mosquitto_subscribe) subscribe;
    __typeof__(&mosquitto_loop_read) loop_read;
    __typeof__(&mosquitto_loop_write) loop_write;
    __typeof__(&mosquitto_loop_misc) loop_misc;
    __typeof__(&mosquitto_socket) socket;
    __typeof__(&mosquitto_want_write) want_write;
    __typeof__(&mosquitto_int_option) int_option;
    __typeof__(&mosquitto_max_inflight_messages_set) max_inflight_messages_set;
    __typeof__(&mosquitto_connect_callback_set) connect_callback_set;
    __typeof__(&mosquitto_disconnect_callback_set) disconnect_callback_set;
    __typeof__(&mosquitto_publish_callback_set) publish_callback_set;
    __typeof__(&mosquitto_message_callback_set) message_callback_set;
    __typeof__(&mosquitto_subscribe_callback_set) subscribe_callback_set;
    __typeof__(&mosquitto_strerror) strerror;
    __typeof__(&mosquitto_connack_string) connack_string;
    __typeof__(&mosquitto_connect_bind_v5) connect_bind_v5;
    __typeof__(&mosquitto_property_add_int32) property_add_int32;
    __typeof__(&mosquitto_property_free_all) property_free_all;
    __typeof__(&mosquitto_tls_set) tls_set;
    __typeof__(&mosquitto_tls_opts_set) tls_opts_set;
    __typeof__(&mosquitto_tls_insecure_set) tls_insecure_set;
    __typeof__(&mosquitto_log_callback_set) log_callback_set;
};

/* Opens the library and fills `api`; 0 on success, else -1 with dlerror's text in `error`. */
static inline int termini_mosquitto_load(struct termini_mosquitto_api *api, char *error, size_t size) {
    memset(api, 0, sizeof *api);
    void *lib = dlopen("libmosquitto.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!lib) {
        const char *e = dlerror();
        strncpy(error, e ? e : "dlopen failed", size - 1);
        error[size - 1] = 0;
        return -1;
    }
#define TERMINI_MOSQ(field, name) \
    if (!(*(void **)&api->field = dlsym(lib, #name))) { \
        strncpy(error, "libmosquitto.so.1 has no " #name, size - 1); error[size - 1] = 0; return -1; }
    TERMINI_MOSQ(lib_init, mosquitto_lib_init)
    TERMINI_MOSQ(lib_version, mosquitto_lib_version)
    TERMINI_MOSQ(new_client, mosquitto_new)
    TERMINI_MOSQ(destroy, mosquitto_destroy)
    TERMINI_MOSQ(username_pw_set, mosquitto_username_pw_set)
    TERMINI_MOSQ(will_set, mosquitto_will_set)
    TERMINI_MOSQ(connect_async, mosquitto_connect_async)
    TERMINI_MOSQ(reconnect_async, mosquitto_reconnect_async)
    TERMINI_MOSQ(disconnect, mosquitto_disconnect)
    TERMINI_MOSQ(publish, mosquitto_publish)
    TERMINI_MOSQ(subscribe, mosquitto_subscribe)
    TERMINI_MOSQ(loop_read, mosquitto_loop_read)
    TERMINI_MOSQ(loop_write, mosquitto_loop_write)
    TERMINI_MOSQ(loop_misc, mosquitto_loop_misc)
    TERMINI_MOSQ(socket, mosquitto_socket)
    TERMINI_MOSQ(want_write, mosquitto_want_write)
    TERMINI_MOSQ(int_option, mosquitto_int_option)
    TERMINI_MOSQ(max_inflight_messages_set, mosquitto_max_inflight_messages_set)
    TERMINI_MOSQ(connect_callback_set, mosquitto_connect_callback_set)
    TERMINI_MOSQ(disconnect_callback_set, mosquitto_disconnect_callback_set)
    TERMINI_MOSQ(publish_callback_set, mosquitto_publish_callback_set)
    TERMINI_MOSQ(message_callback_set, mosquitto_message_callback_set)
    TERMINI_MOSQ(subscribe_callback_set, mosquitto_subscribe_callback_set)
    TERMINI_MOSQ(strerror, mosquitto_strerror)
    TERMINI_MOSQ(connack_string, mosquitto_connack_string)
    TERMINI_MOSQ(connect_bind_v5, mosquitto_connect_bind_v5)
    TERMINI_MOSQ(property_add_int32, mosquitto_property_add_int32)
    TERMINI_MOSQ(property_free_all, mosquitto_property_free_all)
    TERMINI_MOSQ(tls_set, mosquitto_tls_set)
    TERMINI_MOSQ(tls_opts_set, mosquitto_tls_opts_set)
    TERMINI_MOSQ(tls_insecure_set, mosquitto_tls_insecure_set)
    TERMINI_MOSQ(log_callback_set, mosquitto_log_callback_set)
#undef TERMINI_MOSQ
    return 0;
}

#endif
