/**
 * The host's OpenAPI 3.1 documents ({@code GET /openapi.json}, {@code GET /services/{name}/openapi.json})
 * and the JSON Schemas and example bodies in them, derived from the REST table
 * ({@link io.ccrj.dss.internal.rest.RestTable}) and each service's declared types
 * ({@code Handlers.types}, {@code Handlers.actionTypes}, its state type).
 *
 * <h2>Threading</h2>
 * A service's part of the documents (its paths and schemas) is built once, on the first request
 * that needs it, and cached for as long as the service runs: what a service declares cannot change
 * after its {@code bind}, and building it walks Java types with Jackson's introspection, which is
 * worth doing once. The cache is a per-host map guarded by its own lock; its values are JSON trees
 * that are never modified once built, so any thread may read and serialize them. The host's
 * document is assembled per request from the cached parts, because services come and go (Create,
 * Drop); that costs a walk over the running services and no introspection. Nothing here blocks
 * beyond that lock, so it runs on the event loop.
 */
package io.ccrj.dss.internal.openapi;
