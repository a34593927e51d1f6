package io.ccrj.core;

/**
 * The Reactive Streams TCK against {@link PortPublisher} on an {@linkplain DispatcherQueue#inline
 * inline} queue, where {@code request} runs the signalling task on the requesting thread: the
 * synchronous paths (a request from inside {@code onNext}, rule 3.3's bounded recursion) get the
 * same checks as the dispatcher's.
 */
public class PortPublisherInlineTckTest extends PortPublisherTckTest {
    public PortPublisherInlineTckTest() {
        super(true);
    }
}
