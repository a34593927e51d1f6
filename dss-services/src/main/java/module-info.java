/**
 * dss-services: DSS on Netty — stateful services with DSSP operations, composed in-process and
 * across hosts, served over HTTP/1.1.
 *
 * <p>Exports the API package {@code io.ccrj.dss} only; the packages under {@code io.ccrj.dss.internal}
 * are not part of the API and are exported to no one: {@code host} (the host behind the facade,
 * {@code host.cli} its command line), {@code runtime} (one running service), {@code http} (the REST
 * mapping and router), {@code http.server} (the Netty server), {@code http.client} (the partner
 * client), {@code json} (the JSON machinery), {@code rest} (the tables of what the host answers) and
 * {@code openapi}; their public types carry
 * {@code io.ccrj.dss.internal.Internal}. The API package is open to
 * Jackson, which reads and writes the built-in services' state records.
 *
 * <p>Logs through {@link java.lang.System.Logger} only; the standalone host
 * ({@code ServiceHostMain}) routes it and Netty's logging to java.util.logging, one line per
 * record on standard error, at the level {@code -Dccrj.log.level} names.
 */
module io.ccrj.dss {
    requires transitive io.ccrj.core;
    requires transitive com.fasterxml.jackson.databind;
    requires io.netty.buffer;
    requires io.netty.codec;
    requires io.netty.codec.http;
    requires io.netty.common;
    requires io.netty.handler;
    requires io.netty.transport;
    requires io.netty.transport.classes.epoll;
    requires java.logging;
    // the standalone host's command line only (ServiceHostMain); optional for library users
    requires static info.picocli;

    exports io.ccrj.dss;

    // Contracts named in manifests and Create are also looked up among the providers of Service
    // (a user module's `provides io.ccrj.dss.Service with ...`, or META-INF/services on the class path).
    uses io.ccrj.dss.Service;

    opens io.ccrj.dss to com.fasterxml.jackson.databind;
    // picocli fills the host's declared options in reflectively
    opens io.ccrj.dss.internal.host.cli to info.picocli;
}
