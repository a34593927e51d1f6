/**
 * What the host answers, as data: {@link io.ccrj.dss.internal.rest.RestTable} for the DSSP
 * operations under {@code /services/{name}} and {@link io.ccrj.dss.internal.rest.HostResources}
 * for the host's own resources. The router ({@code internal.http}), the remote partner
 * ({@code internal.http.client}) and the OpenAPI generator ({@code internal.openapi}) all read
 * them and nothing here reads those packages, so they cannot disagree and no package cycle joins
 * them. Immutable tables: any thread may read them.
 */
package io.ccrj.dss.internal.rest;
