package io.ccrj.mpi.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The cache-line separation that {@link RankMailbox} and {@link PairRing} rely on: fields that
 * different threads write (a mailbox's producers, its watchdog-read state, its owner; a ring's
 * sender, its shared count, its receiver) lie at least a cache line (64 bytes) apart in the JVM's
 * actual layout. HotSpot fills any gap a superclass leaves with a subclass's fields, so padding
 * classes of longs let one group's field slip in beside another's; this reads the offsets the JVM
 * chose (the tests run with sun.misc.Unsafe's field offsets allowed; the main code does not use it).
 */
class MailboxLayoutTest {
    private static final int LINE = 64;

    @Test
    void aMailboxsProducerWatchdogAndOwnerFieldsLieOnSeparateLines() throws Exception {
        assertSeparated(RankMailbox.class, Map.of(
                "MailboxProducerFields", "producers",
                "MailboxWatchedFields", "watchdog",
                "MailboxConsumerFields", "owner",
                "RankMailbox", "owner"));
    }

    @Test
    void aRingsSenderSharedAndReceiverFieldsLieOnSeparateLines() throws Exception {
        assertSeparated(PairRing.class, Map.of(
                "RingSenderFields", "sender",
                "RingConsumedField", "shared count",
                "RingReceiverFields", "receiver",
                "PairRing", "receiver"));
    }

    @Test
    void theParkedCountOfMultipleHasALineToItself() throws Exception {
        assertSeparated(ParkedCount.class, Map.of("ParkedCountField", "count"));
        Object unsafe = unsafe();
        Method offsetOf = unsafe.getClass().getMethod("objectFieldOffset", Field.class);
        long at = (long) offsetOf.invoke(unsafe, ParkedCountField.class.getDeclaredField("value"));
        long first = Long.MAX_VALUE;
        long last = 0;
        for (Class<?> c : List.of(ParkedCountPad0.class, ParkedCount.class)) {
            for (Field f : c.getDeclaredFields()) {
                if (!Modifier.isStatic(f.getModifiers())) {
                    long o = (long) offsetOf.invoke(unsafe, f);
                    first = Math.min(first, o);
                    last = Math.max(last, o);
                }
            }
        }
        assertThat(at - first).as("padding before the count").isGreaterThanOrEqualTo(LINE - 4);
        assertThat(last - at).as("padding after the count").isGreaterThanOrEqualTo(LINE - 1);
    }

    private record Placed(String group, String name, long offset) { }

    private static void assertSeparated(Class<?> type, Map<String, String> groups) throws Exception {
        Object unsafe = unsafe();
        Method offsetOf = unsafe.getClass().getMethod("objectFieldOffset", Field.class);
        List<Placed> fields = new ArrayList<>();
        for (Class<?> c = type; c != Object.class; c = c.getSuperclass()) {
            String group = groups.get(c.getSimpleName());
            for (Field f : c.getDeclaredFields()) {
                if (Modifier.isStatic(f.getModifiers())) {
                    continue;
                }
                if (group == null) {
                    assertThat(f.getType()).as("%s.%s: a padding class holds bytes only", c.getSimpleName(), f.getName())
                            .isEqualTo(byte.class);
                    continue;
                }
                fields.add(new Placed(group, c.getSimpleName() + "." + f.getName(), (long) offsetOf.invoke(unsafe, f)));
            }
        }
        assertThat(fields).extracting(Placed::group).containsAll(groups.values());
        for (Placed a : fields) {
            for (Placed b : fields) {
                if (!a.group().equals(b.group())) {
                    assertThat(Math.abs(a.offset() - b.offset()))
                            .as("%s (%s, offset %d) and %s (%s, offset %d) may share a cache line", a.name(), a.group(),
                                    a.offset(), b.name(), b.group(), b.offset())
                            .isGreaterThanOrEqualTo(LINE);
                }
            }
        }
    }

    private static Object unsafe() throws Exception {
        Field f = Class.forName("sun.misc.Unsafe").getDeclaredField("theUnsafe");
        f.setAccessible(true);
        return f.get(null);
    }
}
