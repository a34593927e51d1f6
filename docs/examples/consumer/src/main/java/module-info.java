/**
 * A project that uses ccrj as a user would: by Maven coordinates, as a named module. The same
 * classes also run on the class path (see the surefire executions in pom.xml).
 */
module io.ccrj.examples.consumer {
    requires io.ccrj.core;
    requires io.ccrj.mpi;

    exports io.ccrj.examples.consumer;
}
