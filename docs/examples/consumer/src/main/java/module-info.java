/**
 * A project that uses ccrj as a user would: by Maven coordinates, as a named module. The same
 * classes also run on the class path (see the surefire executions in pom.xml).
 */
module io.ccrj.examples.consumer {
    requires io.ccrj.core;
    requires io.ccrj.mpi;
    requires io.ccrj.dss;

    exports io.ccrj.examples.consumer;

    // A DSS service's state is written and read by Jackson: its package must be open to Jackson
    // (docs/dss-services/writing-services.md, "Writing a service"). io.ccrj.examples.consumer.closed is left
    // closed on purpose: ConsumerTest checks the host's Fault that names this very line.
    opens io.ccrj.examples.consumer.notes to com.fasterxml.jackson.databind;

    // Makes NotesService a contract that manifests and Create can name (its class name, the
    // default contract id) without exporting its package.
    provides io.ccrj.dss.Service with io.ccrj.examples.consumer.notes.NotesService;
}
