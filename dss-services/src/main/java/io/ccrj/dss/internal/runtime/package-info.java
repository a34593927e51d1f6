/**
 * One running service: its ports and interleave ({@link
 * io.ccrj.dss.internal.runtime.ServiceRuntime}), admission, the verb bindings, the versioned state
 * with its snapshot bytes, entity tags and durable file, and the notification log. The API types'
 * non-public members are reached only through the {@link io.ccrj.dss.internal.runtime.ApiHooks}
 * the host hands down; an admitted operation travels in an {@link
 * io.ccrj.dss.internal.runtime.Envelope}, the operation itself stays a plain value.
 */
package io.ccrj.dss.internal.runtime;
