package dev.modelsphere.swiss.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.Timeout.ThreadMode;
import org.junit.jupiter.api.io.TempDir;

/**
 * The runner of {@code hack/cluster/up} and {@code down}, with small scripts of its own. The
 * timeouts run the test on a thread of its own, so a runner that hangs fails the test instead of
 * hanging the build.
 */
class ClusterScriptTest {
  @TempDir Path dir;

  private Path script(String body) throws IOException {
    Path file = dir.resolve("script.sh");
    Files.writeString(file, "#!/bin/sh\n" + body);
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwx------"));
    return file;
  }

  @Test
  @Timeout(value = 30, threadMode = ThreadMode.SEPARATE_THREAD)
  void aScriptThatHangsIsStoppedAtItsTimeoutTogetherWithTheProcessesItStarted() throws IOException {
    Path hangs = script("sleep 300 &\necho \"child $!\"\nwait\n");
    AtomicReference<String> message = new AtomicReference<>();

    assertThatThrownBy(() -> ClusterScript.run(hangs, Map.of(), Duration.ofSeconds(1)))
        .isInstanceOfSatisfying(IllegalStateException.class, e -> message.set(e.getMessage()))
        .hasMessageContaining("did not finish within PT1S")
        .hasMessageContaining(hangs.toString());

    Matcher child = Pattern.compile("child (\\d+)").matcher(message.get());
    assertThat(child.find()).as("the last output is in the message: %s", message).isTrue();
    long pid = Long.parseLong(child.group(1));
    await()
        .atMost(Duration.ofSeconds(5))
        .until(() -> ProcessHandle.of(pid).map(p -> !p.isAlive()).orElse(true));
  }

  @Test
  @Timeout(value = 30, threadMode = ThreadMode.SEPARATE_THREAD)
  void aFinishedScriptGivesItsExitCodeAndItsLastFortyLines() throws IOException {
    Path counts = script("for i in $(seq 1 50); do echo \"line $i $GREETING\"; done\nexit 3\n");

    ClusterScript.Run run =
        ClusterScript.run(counts, Map.of("GREETING", "hello"), Duration.ofSeconds(20));

    assertThat(run.exit()).isEqualTo(3);
    assertThat(run.tail()).hasSize(40).startsWith("line 11 hello").endsWith("line 50 hello");
  }
}
