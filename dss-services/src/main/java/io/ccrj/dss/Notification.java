package io.ccrj.dss;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * What subscribers receive after a successful modification, in the order the modifications were
 * made. Over HTTP it is one Server-Sent Event: {@code event:} the action, {@code id:} the
 * sequence, {@code data:} the body.
 *
 * @param sequence 1, 2, 3, ... per service (a reconnecting SSE client sends the last it saw as
 *     {@code Last-Event-ID})
 * @param action the verb's {@linkplain Verb#action() action} ({@code replace}, {@code update},
 *     {@code insert}, {@code upsert}, {@code delete}) or the Submit action's name
 * @param body the modification: the request body; for Upsert {@code {"key","value"}}, for Delete
 *     {@code {"key"}}. Shared by every subscriber: do not modify it.
 */
public record Notification(long sequence, String action, JsonNode body) {
}
