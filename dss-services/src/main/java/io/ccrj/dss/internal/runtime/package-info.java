/**
 * One running service: its ports and interleave ({@link
 * io.ccrj.dss.internal.runtime.ServiceRuntime}), admission, the verb bindings, the versioned state
 * with its snapshot bytes, entity tags and durable file, and the notification log. The API types'
 * non-public members are reached only through the {@link io.ccrj.dss.internal.runtime.ApiHooks}
 * the host hands down; an admitted operation travels in an {@link
 * io.ccrj.dss.internal.runtime.Envelope}, the operation itself stays a plain value.
 *
 * <h2>Threading</h2>
 * Operations may be posted from any thread. A service's handlers run on its queue (the host's
 * event loops or a dispatcher), arbitrated by its interleave: the state is written only by
 * exclusive or teardown handlers, which run alone and in order; readers outside the interleave
 * (the browser view, metrics, Lookup) see the last committed version through volatile fields.
 */
package io.ccrj.dss.internal.runtime;
