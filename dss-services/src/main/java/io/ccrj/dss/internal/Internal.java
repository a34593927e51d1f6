package io.ccrj.dss.internal;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a public type of an {@code internal} package of dss-services: public only so that other
 * packages of the module can use it. It is not API: the module descriptor exports no internal
 * package, it may change or go in any release, and programs on the class path should not use it.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
public @interface Internal {
}
