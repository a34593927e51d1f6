package io.ccrj.core;

/**
 * Sequential code that waits for messages without holding an OS thread: CCR's iterator tasks.
 * Started with {@link DispatcherQueue#spawn(SequentialTask)}, it runs on its own virtual thread;
 * each wait in {@link SequentialContext} parks only that virtual thread, so millions may be
 * pending at once.
 */
@FunctionalInterface
public interface SequentialTask {
    /**
     * The body.
     *
     * @param ctx the waits available to this task; use it from this task's thread only
     * @throws Exception any failure: {@code finally} blocks run, the exception goes to the
     *     causality active when the task was spawned (else the queue's unhandled chain), and the
     *     task's completion future fails with it
     */
    void run(SequentialContext ctx) throws Exception;
}
