package io.ccrj.dss;

import org.junit.jupiter.api.Test;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * No package of the module's internals depends, directly or through others, on itself: the
 * dependencies are read from the compiled classes (every class name in each class file's
 * constant pool: references, descriptors, signatures, annotations), so a fully qualified name in
 * the code counts as an import does. The public API package {@code io.ccrj.dss} is left out of the
 * graph: its value types (Operation, Fault, Verb, ...) are what every layer below speaks, and its
 * facades (ServiceHost, ServiceRef) are implemented by the layers below, by design.
 */
class PackageCyclesTest {
    private static final Path CLASSES = Path.of("target/classes");
    private static final String INTERNAL = "io.ccrj.dss.internal";
    private static final Pattern CLASS_NAME = Pattern.compile("io/ccrj/dss/[A-Za-z0-9_/$]+");

    @Test
    void theInternalPackagesDependOnEachOtherWithoutACycle() throws IOException {
        Map<String, Set<String>> graph = dependencies();
        assertThat(graph.keySet()).as("internal packages read").contains(INTERNAL + ".host", INTERNAL + ".http.server",
                INTERNAL + ".http.client", INTERNAL + ".transport", INTERNAL + ".rest", INTERNAL + ".openapi");
        assertThat(cycles(graph)).as("package cycles (each a set of packages that reach each other)").isEmpty();
    }

    /** The check itself: a graph with a cycle is reported. */
    @Test
    void aCycleIsFound() {
        Map<String, Set<String>> g = new TreeMap<>();
        g.put("a", Set.of("b"));
        g.put("b", Set.of("c"));
        g.put("c", Set.of("a"));
        g.put("d", Set.of("a"));
        assertThat(cycles(g)).containsExactly(List.of("a", "b", "c"));
        g.put("c", Set.of());
        assertThat(cycles(g)).isEmpty();
    }

    /** {@return each internal package to the other internal packages its classes name} */
    private static Map<String, Set<String>> dependencies() throws IOException {
        Map<String, Set<String>> graph = new TreeMap<>();
        Path root = CLASSES.resolve(INTERNAL.replace('.', '/'));
        try (Stream<Path> files = Files.walk(root)) {
            for (Path f : (Iterable<Path>) files.filter(p -> p.toString().endsWith(".class"))::iterator) {
                String pkg = CLASSES.relativize(f.getParent()).toString().replace('/', '.');
                Set<String> out = graph.computeIfAbsent(pkg, k -> new TreeSet<>());
                for (String name : classNames(f)) {
                    int slash = name.lastIndexOf('/');
                    String other = name.substring(0, slash).replace('/', '.');
                    if (!other.equals(pkg) && other.startsWith(INTERNAL)) {
                        out.add(other);
                    }
                }
            }
        }
        return graph;
    }

    /** {@return the class names in a class file's constant pool (its UTF-8 entries)} */
    private static List<String> classNames(Path classFile) throws IOException {
        List<String> names = new ArrayList<>();
        try (InputStream in = Files.newInputStream(classFile); DataInputStream d = new DataInputStream(in)) {
            if (d.readInt() != 0xCAFEBABE) {
                throw new IOException(classFile + " is not a class file");
            }
            d.readUnsignedShort(); // minor
            d.readUnsignedShort(); // major
            int count = d.readUnsignedShort();
            for (int i = 1; i < count; i++) {
                int tag = d.readUnsignedByte();
                switch (tag) {
                    case 1 -> { // Utf8: class names, descriptors and signatures are all here
                        Matcher m = CLASS_NAME.matcher(d.readUTF());
                        while (m.find()) {
                            names.add(m.group());
                        }
                    }
                    case 7, 8, 16, 19, 20 -> d.skipBytes(2); // Class, String, MethodType, Module, Package
                    case 15 -> d.skipBytes(3); // MethodHandle
                    case 3, 4, 9, 10, 11, 12, 17, 18 -> d.skipBytes(4);
                    case 5, 6 -> { // Long, Double: two entries
                        d.skipBytes(8);
                        i++;
                    }
                    default -> throw new IOException(classFile + ": unknown constant pool tag " + tag);
                }
            }
        }
        return names;
    }

    /** {@return the strongly connected components of more than one package, each sorted (Tarjan)} */
    static List<List<String>> cycles(Map<String, Set<String>> graph) {
        Map<String, Integer> index = new HashMap<>();
        Map<String, Integer> low = new HashMap<>();
        Deque<String> stack = new ArrayDeque<>();
        Set<String> onStack = new TreeSet<>();
        List<List<String>> out = new ArrayList<>();
        int[] next = {0};
        for (String v : graph.keySet()) {
            if (!index.containsKey(v)) {
                connect(v, graph, index, low, stack, onStack, out, next);
            }
        }
        return out;
    }

    private static void connect(String v, Map<String, Set<String>> graph, Map<String, Integer> index,
                                Map<String, Integer> low, Deque<String> stack, Set<String> onStack,
                                List<List<String>> out, int[] next) {
        index.put(v, next[0]);
        low.put(v, next[0]);
        next[0]++;
        stack.push(v);
        onStack.add(v);
        for (String w : graph.getOrDefault(v, Set.of())) {
            if (!index.containsKey(w)) {
                connect(w, graph, index, low, stack, onStack, out, next);
                low.put(v, Math.min(low.get(v), low.get(w)));
            } else if (onStack.contains(w)) {
                low.put(v, Math.min(low.get(v), index.get(w)));
            }
        }
        if (low.get(v).equals(index.get(v))) {
            TreeSet<String> component = new TreeSet<>();
            String w;
            do {
                w = stack.pop();
                onStack.remove(w);
                component.add(w);
            } while (!w.equals(v));
            if (component.size() > 1) {
                out.add(List.copyOf(component));
            }
        }
    }
}
