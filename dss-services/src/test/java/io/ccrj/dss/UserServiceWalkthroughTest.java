package io.ccrj.dss;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The guide's walkthrough "Your own service in the standalone host" shows the files of
 * docs/examples/user-service verbatim: the service's class, its provider line and its manifest.
 * docs/examples/user-service/check.sh runs those files end to end; this test keeps the copies in
 * the guide from drifting away from them (the Java blocks of dss-services' own examples are kept
 * by DocsSnippetsTest instead). Run from the module directory, as Surefire does.
 */
@Timeout(30)
class UserServiceWalkthroughTest {
    private static final Path ROOT = Path.of(System.getProperty("user.dir")).resolve("..").normalize();
    private static final Path EXAMPLE = ROOT.resolve("docs/examples/user-service");

    private static String guide() throws IOException {
        return Files.readString(ROOT.resolve("docs/dss-services/running-the-host.md"), StandardCharsets.UTF_8);
    }

    /** {@code text}'s lines indented as the guide's numbered steps indent their blocks (three spaces). */
    private static String inStep(String text) {
        return text.lines().map(l -> l.isEmpty() ? "" : "   " + l).collect(Collectors.joining("\n"));
    }

    @Test
    void theGuideShowsTheServiceClassAsTheExampleHasIt() throws IOException {
        String source = Files.readString(EXAMPLE.resolve("src/main/java/com/example/notes/NotesService.java"),
                StandardCharsets.UTF_8);
        // from the class's javadoc to its end: what the guide quotes (package and imports left out)
        int start = source.indexOf("/** A list of notes");
        assertThat(start).as("NotesService.java's class javadoc").isPositive();
        String classText = source.substring(start).stripTrailing();
        assertThat(guide()).as("docs/dss-services/running-the-host.md quotes NotesService.java verbatim; copy it in again")
                .contains("   ```java\n" + inStep(classText) + "\n   ```\n");
    }

    @Test
    void theGuideShowsTheProviderLineAndTheManifestAsTheExampleHasThem() throws IOException {
        String provider = Files.readString(EXAMPLE.resolve("src/main/resources/META-INF/services/io.ccrj.dss.Service"),
                StandardCharsets.UTF_8).strip();
        String manifest = Files.readString(EXAMPLE.resolve("manifest.json"), StandardCharsets.UTF_8).stripTrailing();
        String guide = guide();
        assertThat(guide).as("the provider line in docs/dss-services/running-the-host.md").contains("`" + provider + "`");
        assertThat(guide).as("docs/dss-services/running-the-host.md quotes manifest.json verbatim")
                .contains("   ```json\n" + inStep(manifest) + "\n   ```\n");
    }
}
