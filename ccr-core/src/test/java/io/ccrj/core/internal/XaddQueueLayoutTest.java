package io.ccrj.core.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@link XaddQueue}'s field groups lie at least a cache line (64 bytes) apart in the layout the JVM
 * actually chose: the constants every thread reads, the producers' fields, the consumers' fields.
 * HotSpot fills a superclass's layout gaps with a subclass's fields, so padding classes can fail
 * silently; this reads the offsets (the tests run with sun.misc.Unsafe's field offsets allowed; the
 * main code does not use it).
 */
class XaddQueueLayoutTest {
    private static final int LINE = 64;

    private record Placed(String group, String name, long offset) { }

    @Test
    void constantsProducerAndConsumerFieldsLieOnSeparateLines() throws Exception {
        Map<String, String> groups = Map.of(
                "XaddQueueConstants", "constants",
                "XaddQueueProducerFields", "producers",
                "XaddQueueConsumerFields", "consumers");
        Field theUnsafe = Class.forName("sun.misc.Unsafe").getDeclaredField("theUnsafe");
        theUnsafe.setAccessible(true);
        Object unsafe = theUnsafe.get(null);
        Method offsetOf = unsafe.getClass().getMethod("objectFieldOffset", Field.class);
        List<Placed> fields = new ArrayList<>();
        for (Class<?> c = XaddQueue.Mpsc.class; c != java.util.AbstractQueue.class; c = c.getSuperclass()) {
            String group = groups.get(c.getSimpleName());
            for (Field f : c.getDeclaredFields()) {
                if (Modifier.isStatic(f.getModifiers())) {
                    continue;
                }
                if (group == null) {
                    assertThat(f.getType()).as("%s.%s: only the three groups hold fields other than padding bytes",
                            c.getSimpleName(), f.getName()).isEqualTo(byte.class);
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
                            .as("%s (offset %d) and %s (offset %d) may share a cache line", a.name(), a.offset(),
                                    b.name(), b.offset())
                            .isGreaterThanOrEqualTo(LINE);
                }
            }
        }
    }
}
