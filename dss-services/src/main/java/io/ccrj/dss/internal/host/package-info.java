/**
 * The host behind the {@code ServiceHost} facade: its directory of running services and their
 * creation and teardown ({@link io.ccrj.dss.internal.host.HostCore}), its settings, its bearer token
 * ({@link io.ccrj.dss.internal.host.BearerToken}), and the
 * in-process service references. The standalone host's command line and logging are in
 * {@code host.cli}.
 *
 * <h2>Threading</h2>
 * Services may be created, looked up and dropped from any thread at any time (the directory is a
 * concurrent map, a name taken with {@code putIfAbsent}); the host starts and closes once, through
 * its facade, the close under the facade's lock.
 */
package io.ccrj.dss.internal.host;
