package io.ccrj.core.internal;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every public top-level type of ccr-core's internal packages carries {@link Internal}, so a
 * reader of the javadoc or the class files knows it is not API. The annotation is retained in
 * class files but not at run time, so the sources are checked (the module's own directory is the
 * working directory of its tests).
 */
class InternalMarkerTest {
    private static final Pattern PUBLIC_TYPE = Pattern.compile(
            "^((?:@\\w+(?:\\([^)]*\\))?\\s*\\n)*)public (?:final |abstract |sealed |non-sealed )*(?:class|interface|enum|record|@interface) (\\w+)",
            Pattern.MULTILINE);

    @Test
    void everyPublicInternalTypeIsMarked() throws IOException {
        Path root = Path.of("src/main/java/io/ccrj/core/internal");
        assertThat(root).as("run from ccr-core's directory").isDirectory();
        List<String> checked = new ArrayList<>();
        List<String> unmarked = new ArrayList<>();
        try (Stream<Path> files = Files.walk(root)) {
            for (Path f : (Iterable<Path>) files.filter(p -> p.toString().endsWith(".java"))::iterator) {
                Matcher m = PUBLIC_TYPE.matcher(Files.readString(f));
                if (m.find() && !m.group(2).equals("Internal")) {
                    checked.add(m.group(2));
                    if (!m.group(1).contains("@Internal")) {
                        unmarked.add(root.relativize(f).toString());
                    }
                }
            }
        }
        assertThat(checked).as("public internal types found").contains("PortCore", "WorkerPool", "JfrEvents");
        assertThat(unmarked).as("public internal types without @Internal").isEmpty();
    }
}
