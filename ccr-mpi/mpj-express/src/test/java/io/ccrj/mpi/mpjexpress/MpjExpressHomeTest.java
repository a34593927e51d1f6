package io.ccrj.mpi.mpjexpress;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Where {@link MpjExpressHome#detect()} finds log4j: the build's property first. */
class MpjExpressHomeTest {
    private final String before = System.getProperty(MpjExpressHome.LOG4J_PROPERTY);

    @AfterEach
    void restore() {
        if (before == null) {
            System.clearProperty(MpjExpressHome.LOG4J_PROPERTY);
        } else {
            System.setProperty(MpjExpressHome.LOG4J_PROPERTY, before);
        }
    }

    @Test
    void theLog4jPropertyNamesTheJar() {
        System.setProperty(MpjExpressHome.LOG4J_PROPERTY, "/opt/log4j/log4j-1.2.17.jar");
        assertThat(MpjExpressHome.detect().log4jJar()).isEqualTo(Path.of("/opt/log4j/log4j-1.2.17.jar"));
        assertThat(MpjExpressHome.detect().launchClassPath()).contains(Path.of("/opt/log4j/log4j-1.2.17.jar"));
    }

    @Test
    void withoutThePropertyTheInstallationsOwnOrDebiansIsUsed() {
        System.clearProperty(MpjExpressHome.LOG4J_PROPERTY);
        MpjExpressHome home = MpjExpressHome.detect();
        Path bundled = home.lib().resolve("log4j-1.2.jar");
        assertThat(home.log4jJar()).isIn(bundled.toAbsolutePath().normalize(), MpjExpressHome.DEBIAN_LOG4J);
    }
}
