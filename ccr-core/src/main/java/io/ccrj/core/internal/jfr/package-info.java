/**
 * ccr-core's JDK Flight Recorder events ({@code io.ccrj.TaskExecution}, {@code io.ccrj.QueuePolicy},
 * {@code io.ccrj.WorkerPark}) and {@link io.ccrj.core.internal.jfr.JfrEvents}, the one class the
 * runtime calls to make them. Not exported, not API; only touched after
 * {@code io.ccrj.core.internal.Jfr.AVAILABLE} said jdk.jfr is readable.
 */
package io.ccrj.core.internal.jfr;
