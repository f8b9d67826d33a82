package dev.modelsphere.swiss.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code swiss completion}: the bash script is sourced in a real bash, which is asked to complete
 * as TAB would, with a {@code swiss} on its PATH that runs this build's command line.
 */
class CompletionTest {
  @TempDir Path dir;
  private Path script;

  @BeforeEach
  void writeScriptAndCommand() throws IOException {
    CliRun run = CliRun.of("completion", "bash");
    assertThat(run.exitCode()).as(run.err()).isZero();
    script = Files.writeString(dir.resolve("swiss.bash"), run.out());
    Path bin = Files.createDirectories(dir.resolve("bin"));
    Path swiss =
        Files.writeString(
            bin.resolve("swiss"),
            "#!/bin/sh\nexec '%s' -XX:TieredStopAtLevel=1 -cp '%s' %s \"$@\"\n"
                .formatted(
                    Path.of(System.getProperty("java.home"), "bin", "java"),
                    System.getProperty("java.class.path"),
                    Main.class.getName()));
    Files.setPosixFilePermissions(swiss, PosixFilePermissions.fromString("rwxr-xr-x"));
  }

  /** What bash offers for the words typed so far, the last one being completed. */
  private List<String> complete(String... words) throws Exception {
    String array =
        String.join(" ", java.util.Arrays.stream(words).map(w -> "'" + w + "'").toList());
    String program =
        """
        source '%s'
        COMP_WORDS=(%s)
        COMP_CWORD=%d
        COMP_LINE="${COMP_WORDS[*]}"
        COMP_POINT=${#COMP_LINE}
        _complete_swiss
        printf '%%s\\n' "${COMPREPLY[@]}"
        """
            .formatted(script, array, words.length - 1);
    // Outside a real TAB, bash's compopt complains on standard error; only the offers matter.
    ProcessBuilder bash =
        new ProcessBuilder("bash", "-c", program).redirectError(ProcessBuilder.Redirect.DISCARD);
    bash.environment().put("PATH", dir.resolve("bin") + ":" + System.getenv("PATH"));
    bash.environment().put("SWISS_CATALOG", OfflineCliTest.DEMO_CATALOG);
    bash.environment().remove("SWISS_CONFIG");
    Process process = bash.start();
    String out = new String(process.getInputStream().readAllBytes());
    assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
    return out.lines().map(String::strip).filter(l -> !l.isEmpty()).toList();
  }

  @Test
  void aCommandsBeginningCompletesToTheCommand() throws Exception {
    assertThat(complete("swiss", "ap")).containsExactly("apply", "approvals", "approve");
    assertThat(complete("swiss", "appl")).containsExactly("apply");
    assertThat(complete("swiss", "comp")).containsExactly("completion");
  }

  @Test
  void aModelNameCompletesFromTheCatalogAfterModel() throws Exception {
    assertThat(complete("swiss", "install", "--model", ""))
        .contains("smollm3-3b", "mistral-small-24b");
    assertThat(complete("swiss", "plan", "--model", "smo")).containsExactly("smollm3-3b");
  }

  @Test
  void flagsAndOutputFormatsComplete() throws Exception {
    assertThat(complete("swiss", "apply", "--expect"))
        .containsExactly("--expect-revision", "--expect-chart-digest");
    assertThat(complete("swiss", "list", "-o", ""))
        .containsExactly("table", "wide", "json", "yaml");
  }

  @Test
  void theHiddenCompletionHelperIsNotOffered() throws Exception {
    assertThat(complete("swiss", "__")).isEmpty();
  }

  @Test
  void fishGetsOneLinePerCommandAndFlagWithModelsAskedOfSwiss() {
    CliRun run = CliRun.of("completion", "fish");

    assertThat(run.exitCode()).isZero();
    assertThat(run.out())
        .contains("complete -c swiss -n __fish_use_subcommand -a apply -d ")
        .contains("-l model -r -a '(swiss __complete models 2>/dev/null)'")
        .doesNotContain("__complete -d");
  }

  @Test
  void anUnknownShellIsRefusedNamingTheShells() {
    CliRun run = CliRun.of("completion", "tcsh");

    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.err()).contains("no completion for shell tcsh", "bash, zsh, fish");
  }
}
