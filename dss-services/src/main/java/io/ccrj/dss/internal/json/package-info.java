/**
 * The module's JSON machinery: the one Jackson configuration ({@link
 * io.ccrj.dss.internal.json.Json}), the small reader and writer that skip Jackson for small plain
 * texts ({@link io.ccrj.dss.internal.json.SmallJson}), the limits every tree is checked against
 * before the host accepts it ({@link io.ccrj.dss.internal.json.JsonLimits}) and JSON Merge Patch.
 * Everything here is stateless or immutable and may be used from any thread.
 */
package io.ccrj.dss.internal.json;
