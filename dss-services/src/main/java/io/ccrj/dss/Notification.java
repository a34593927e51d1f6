package io.ccrj.dss;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * What subscribers receive after a successful modification, in the order the modifications were
 * made. Over HTTP it is one Server-Sent Event: {@code event:} the action, {@code id:} the
 * sequence, {@code data:} the body.
 *
 * @param sequence 1, 2, 3, ... per service (a reconnecting SSE client sends the last it saw as
 *     {@code Last-Event-ID})
 * <p>A subscriber that resumes ({@code Last-Event-ID}) from a sequence older than the retained
 * window (the last 1024), or from one the service never reached (the host restarted), first gets
 * one notification with action {@code gap}: its body says which notifications are missing, and
 * its sequence is where the replay resumes. The subscriber should read the state again.
 *
 * @param action the verb's {@linkplain Verb#action() action} ({@code replace}, {@code update},
 *     {@code insert}, {@code upsert}, {@code delete}), the Submit action's name, or {@code gap}
 * @param body the modification: the request body; for Upsert {@code {"key","value"}}, for Delete
 *     {@code {"key"}}. Shared by every subscriber: do not modify it.
 */
public record Notification(long sequence, String action, JsonNode body) {
}
