package io.ccrj.mpi.mpijava.internal;

import io.ccrj.mpi.internal.Internal;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Gives a member of package {@code mpi} a second name in the class file: the build step
 * {@code src/build/java/BinaryNames.java} (run at {@code process-classes}) renames the annotated
 * package-private field or method to {@link #value()}, makes it public and synthetic, rewrites
 * every reference to it in the module's classes and drops this annotation.
 *
 * <p>Why: mpiJava 1.2 and Open MPI's Java bindings declare a few members with the same name and
 * different types (MPJ Express's {@code Comm MPI.COMM_SELF}, Open MPI's
 * {@code Intracomm MPI.COMM_SELF}). Java source cannot declare both, the JVM links by name and
 * descriptor and takes both. Synthetic members are invisible to {@code javac}, so programs
 * compiled against this package keep seeing the source declaration, while programs compiled
 * against Open MPI's jar find the descriptor they were compiled with. See
 * docs/ccr-mpi-internals.md, "Two APIs in one package".
 */
@Internal
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.FIELD, ElementType.METHOD})
public @interface BinaryName {
    /**
     * The member's name in the class file.
     *
     * @return the name
     */
    String value();
}
