package io.ccrj.core.examples;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The user guides' code snippets (ccr-core, ccr-mpi and dss-services) are the tagged regions of the examples, verbatim: the same check
 * as {@code docs/tools/sync-snippets.py --check} (keep the two in step). Run from the module
 * directory, as Surefire does.
 */
@Timeout(30)
class DocsSnippetsTest {
    private static final Pattern TAG = Pattern.compile("^\\s*// (tag|end)::([A-Za-z0-9_.-]+)\\[\\]\\s*$");
    private static final Pattern SNIPPET = Pattern.compile("(<!-- snippet: (\\S+) -->\n)(.*?)(<!-- /snippet -->)",
            Pattern.DOTALL);
    private static final String FIX = "; run python3 docs/tools/sync-snippets.py";

    /** The ccr-core guide's chapters, in reading order (docs/ccr-core.md is their index). */
    static final List<String> CCR_CORE_CHAPTERS = List.of("getting-started", "threading-model", "arbiters", "tasks", "reference");

    /** The ccr-mpi guide's chapters, in reading order (docs/ccr-mpi.md is their index). */
    static final List<String> CCR_MPI_CHAPTERS =
            List.of("getting-started", "collectives", "one-sided", "errors-and-patterns", "apis-and-reference");

    /** The dss-services guide's chapters, in reading order (docs/dss-services.md is their index). */
    static final List<String> DSS_SERVICES_CHAPTERS =
            List.of("getting-started", "writing-services", "in-your-program", "running-the-host", "reference");

    /**
     * Each guide (one page, or the chapters of one) with the examples it quotes; paths from a
     * module directory, as Surefire runs.
     */
    static Stream<Arguments> guides() {
        return Stream.of(
                Arguments.of("ccr-core", CCR_CORE_CHAPTERS.stream().map(c -> "docs/ccr-core/" + c + ".md").toList(),
                        Path.of("../ccr-core/src/test/java/io/ccrj/core/examples")),
                Arguments.of("ccr-mpi", CCR_MPI_CHAPTERS.stream().map(c -> "docs/ccr-mpi/" + c + ".md").toList(),
                        Path.of("../ccr-mpi/src/test/java/io/ccrj/mpi/examples")),
                Arguments.of("dss-services", DSS_SERVICES_CHAPTERS.stream().map(c -> "docs/dss-services/" + c + ".md").toList(),
                        Path.of("../dss-services/src/test/java/io/ccrj/dss/examples")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("guides")
    void guideSnippetsAreTheTaggedExampleRegionsVerbatim(String guide, List<String> pages, Path examples) throws IOException {
        Map<String, String> regions = snippets(examples);
        TreeSet<String> used = new TreeSet<>();
        List<String> missing = new ArrayList<>();
        for (String page : pages) {
            String text = Files.readString(Path.of("..").resolve(page), StandardCharsets.UTF_8);
            Matcher m = SNIPPET.matcher(text);
            StringBuilder updated = new StringBuilder();
            while (m.find()) {
                String key = m.group(2);
                used.add(key);
                String region = regions.get(key);
                if (region == null) {
                    missing.add(page + ": " + key);
                    region = m.group(3);
                }
                m.appendReplacement(updated, Matcher.quoteReplacement(m.group(1) + region + m.group(4)));
            }
            m.appendTail(updated);
            assertThat(updated.toString()).as(page + " is out of date" + FIX).isEqualTo(text);
        }

        assertThat(missing).as("snippets in the " + guide + " guide with no tagged region in the examples").isEmpty();
        TreeSet<String> unused = new TreeSet<>(regions.keySet());
        unused.removeAll(used);
        assertThat(unused).as("tagged example regions the " + guide + " guide does not include").isEmpty();
        assertThat(used).as("snippets in the " + guide + " guide").isNotEmpty();
    }

    /** Every tagged region of the example sources, keyed "Class#tag", rendered as a java block. */
    private static Map<String, String> snippets(Path examples) throws IOException {
        Map<String, List<String>> found = new LinkedHashMap<>();
        List<Path> sources;
        try (Stream<Path> files = Files.list(examples)) {
            sources = files.filter(p -> p.toString().endsWith(".java")).sorted().toList();
        }
        for (Path source : sources) {
            String stem = source.getFileName().toString().replaceFirst("\\.java$", "");
            List<String> open = new ArrayList<>();
            for (String line : Files.readAllLines(source, StandardCharsets.UTF_8)) {
                Matcher marker = TAG.matcher(line);
                if (marker.matches()) {
                    String name = marker.group(2);
                    if (marker.group(1).equals("tag")) {
                        assertThat(open).as(source + ": tag opened twice").doesNotContain(name);
                        open.add(name);
                        found.computeIfAbsent(stem + "#" + name, k -> new ArrayList<>());
                    } else {
                        assertThat(open).as(source + ": end of a tag that is not open").contains(name);
                        open.remove(name);
                    }
                    continue;
                }
                for (String name : open) {
                    found.get(stem + "#" + name).add(line);
                }
            }
            assertThat(open).as(source + ": tags never closed").isEmpty();
        }
        Map<String, String> rendered = new LinkedHashMap<>();
        found.forEach((key, lines) -> rendered.put(key, render(lines)));
        return rendered;
    }

    private static String render(List<String> raw) {
        List<String> lines = raw.stream().map(String::stripTrailing).toList();
        int cut = lines.stream().filter(l -> !l.isEmpty())
                .mapToInt(l -> l.length() - l.replaceFirst("^ +", "").length()).min().orElse(0);
        StringBuilder body = new StringBuilder();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            body.append(line.isEmpty() ? "" : line.substring(cut));
            if (i < lines.size() - 1) {
                body.append('\n');
            }
        }
        return "```java\n" + body + "\n```\n";
    }
}
