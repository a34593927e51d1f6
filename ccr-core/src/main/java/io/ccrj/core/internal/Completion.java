package io.ccrj.core.internal;

/** Told when a task (including a sequential handler's whole virtual thread) has finished. */
@FunctionalInterface
@Internal
public interface Completion {
    /** Called once, on the thread that finished the task, with no lock held. */
    void completed(Task task);
}
