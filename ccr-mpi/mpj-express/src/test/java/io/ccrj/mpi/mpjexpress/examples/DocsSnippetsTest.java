package io.ccrj.mpi.mpjexpress.examples;

import static org.assertj.core.api.Assertions.assertThat;

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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The snippets of docs/mpj-express.md are the tagged regions of this
 * folder's examples, verbatim: the convention of the other guides' DocsSnippetsTest and
 * {@code docs/tools/sync-snippets.py} ({@code // tag::name[]} ... {@code // end::name[]} in the
 * source), with their own marker in the guide, {@code <!-- mpj-snippet: File#name -->} ...
 * {@code <!-- /mpj-snippet -->}, because ccr-mpi's DocsSnippetsTest requires every
 * {@code <!-- snippet: -->} of that guide to come from ccr-mpi's own examples. On a mismatch, the
 * failure shows the block to paste.
 */
@Timeout(30)
class DocsSnippetsTest {
    private static final Path EXAMPLES = Path.of("src/test/java/io/ccrj/mpi/mpjexpress/examples");
    private static final Path GUIDE = Path.of("../../docs/mpj-express.md");
    private static final Pattern TAG = Pattern.compile("^\\s*// (tag|end)::([A-Za-z0-9_.-]+)\\[\\]\\s*$");
    private static final Pattern SNIPPET = Pattern.compile("(<!-- mpj-snippet: (\\S+) -->\n)(.*?)(<!-- /mpj-snippet -->)",
            Pattern.DOTALL);

    @Test
    void guideSnippetsAreTheTaggedExampleRegionsVerbatim() throws IOException {
        Map<String, String> regions = new LinkedHashMap<>();
        TreeSet<String> stems = new TreeSet<>();
        snippets(regions, stems);
        String text = Files.readString(GUIDE, StandardCharsets.UTF_8);
        TreeSet<String> used = new TreeSet<>();
        List<String> stale = new ArrayList<>();
        Matcher m = SNIPPET.matcher(text);
        while (m.find()) {
            String key = m.group(2);
            used.add(key);
            String region = regions.get(key);
            assertThat(region).as("snippet " + key + " has no tagged region in " + EXAMPLES).isNotNull();
            if (!region.equals(unindent(m.group(3)))) {
                stale.add(key + ":\n" + region);
            }
        }
        assertThat(stale).as("docs/mpj-express.md snippets that differ from their example region").isEmpty();
        TreeSet<String> unused = new TreeSet<>(regions.keySet());
        unused.removeAll(used);
        assertThat(unused).as("tagged example regions docs/mpj-express.md does not include").isEmpty();
    }

    /** A block as written inside a list item: every line indented as the first; the indentation is not part of it. */
    private static String unindent(String block) {
        String indent = block.substring(0, block.length() - block.stripLeading().length());
        if (indent.isEmpty()) {
            return block;
        }
        StringBuilder b = new StringBuilder();
        for (String line : block.split("\n", -1)) {
            b.append(line.startsWith(indent) ? line.substring(indent.length()) : line.strip()).append('\n');
        }
        String s = b.toString();
        return s.substring(0, s.length() - 1);     // the part after the last newline was the closing marker's indentation
    }

    private static void snippets(Map<String, String> rendered, TreeSet<String> stems) throws IOException {
        List<Path> sources;
        try (Stream<Path> files = Files.list(EXAMPLES)) {
            sources = files.filter(p -> p.toString().endsWith(".java")).sorted().toList();
        }
        for (Path source : sources) {
            String stem = source.getFileName().toString().replaceFirst("\\.java$", "");
            stems.add(stem);
            Map<String, List<String>> found = new LinkedHashMap<>();
            List<String> open = new ArrayList<>();
            for (String line : Files.readAllLines(source, StandardCharsets.UTF_8)) {
                Matcher marker = TAG.matcher(line);
                if (marker.matches()) {
                    String name = marker.group(2);
                    if (marker.group(1).equals("tag")) {
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
            found.forEach((key, lines) -> rendered.put(key, render(lines)));
        }
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
