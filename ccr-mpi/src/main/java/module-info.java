/**
 * Module io.ccrj.mpi. It exports package io.ccrj.mpi once that package holds its API (the
 * module's own issue); until then the module only reserves the name and its dependency on ccr-core.
 */
module io.ccrj.mpi {
    requires io.ccrj.core;
}
