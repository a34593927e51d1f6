/**
 * The machinery behind the API package {@code io.ccrj.dss}, exported to no one; every public type
 * in these packages carries {@link io.ccrj.dss.internal.Internal}.
 */
package io.ccrj.dss.internal;
