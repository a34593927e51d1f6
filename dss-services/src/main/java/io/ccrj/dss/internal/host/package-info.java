/**
 * The host behind the {@code ServiceHost} facade: its directory of running services and their
 * creation and teardown ({@link io.ccrj.dss.internal.host.HostCore}), its settings, and the
 * in-process service references. The standalone host's command line and logging are in
 * {@code host.cli}.
 */
package io.ccrj.dss.internal.host;
