package io.ccrj.core.internal;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a public type of ccr-core's {@code internal} packages: public only so that the API
 * package {@code io.ccrj.core} (and ccr-core's own tests and JCStress harness) can use it. It is
 * not API: the module descriptor does not export these packages, a type so marked may change or
 * go in any release, and programs on the class path should not use it.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
public @interface Internal {
}
