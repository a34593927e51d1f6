/**
 * Module io.ccrj.dss. It exports package io.ccrj.dss once that package holds its API (the
 * module's own issue); until then the module only reserves the name and its dependency on ccr-core.
 */
module io.ccrj.dss {
    requires io.ccrj.core;
}
