package io.ccrj.dss;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every public type of the internal packages carries {@code io.ccrj.dss.internal.Internal}
 * (class retention: read from the sources, as a reviewer reads them).
 */
class InternalMarkerTest {
    private static final Pattern PUBLIC_TYPE =
            Pattern.compile("(?m)^public (final |abstract |sealed )*(class|interface|record|enum|@interface) (\\w+)");

    @Test
    void everyPublicInternalTypeIsMarked() throws IOException {
        Path root = Path.of("src/main/java/io/ccrj/dss/internal");
        List<String> unmarked;
        try (Stream<Path> files = Files.walk(root)) {
            unmarked = files.filter(p -> p.toString().endsWith(".java")).filter(p -> {
                try {
                    String s = Files.readString(p);
                    var m = PUBLIC_TYPE.matcher(s);
                    return m.find() && !m.group(3).equals("Internal") && !s.substring(0, m.start()).contains("@Internal");
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }).map(p -> root.relativize(p).toString()).sorted().toList();
        }
        assertThat(unmarked).as("public internal types without @Internal").isEmpty();
    }
}
