package io.ccrj.mpi.internal;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a public class of an {@code internal} package: public only so that other packages of ccrj
 * can use it. It is not API: the module descriptors do not export its package, it may change or
 * go in any release, and programs on the class path should not use it.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
public @interface Internal {
}
