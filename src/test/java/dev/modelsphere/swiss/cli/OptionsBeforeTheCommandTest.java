package dev.modelsphere.swiss.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.modelsphere.swiss.server.TestServer;
import dev.modelsphere.swiss.testing.UnreachableApiServer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;
import picocli.CommandLine.ParseResult;

/**
 * The options every command that takes them also takes before its name, as kubectl and argocd take
 * global flags: {@code swiss --server URL list} is {@code swiss list --server URL}.
 */
class OptionsBeforeTheCommandTest {
  private static final String DEMO_CATALOG = OfflineCliTest.DEMO_CATALOG;

  @TempDir Path dir;

  @Test
  void theServerGivenBeforeTheCommandIsTheOneItGoesThrough() {
    try (TestServer server =
        TestServer.start(
            dir, "  auth:\n    disabled: true\n", UnreachableApiServer.client(), "test-web")) {
      CliRun before = CliRun.of("--server", server.url(), "catalog", "list");
      CliRun after = CliRun.of("catalog", "list", "--server", server.url());

      assertThat(before.exitCode()).as(before.err()).isZero();
      assertThat(before.out()).isEqualTo(after.out()).contains("MODEL");
    }
  }

  @Test
  void theConfigGivenBeforeTheCommandIsTheOneItReads() throws IOException {
    Path config = dir.resolve("swiss.yaml");
    Files.writeString(config, "catalog: %s\n".formatted(DEMO_CATALOG));

    CliRun before = CliRun.of("--config", config.toString(), "catalog", "list");
    CliRun after = CliRun.of("catalog", "list", "--config", config.toString());

    assertThat(before.exitCode()).as(before.err()).isZero();
    assertThat(before.out()).isEqualTo(after.out()).contains("smollm3-3b");
  }

  @Test
  void theOutputFormatGivenBeforeTheCommandIsTheOneItPrints() throws IOException {
    CliRun before = CliRun.of("-o", "json", "catalog", "list", "--catalog", DEMO_CATALOG);
    CliRun after = CliRun.of("catalog", "list", "--catalog", DEMO_CATALOG, "-o", "json");

    assertThat(before.exitCode()).as(before.err()).isZero();
    assertThat(before.out()).isEqualTo(after.out());
    assertThat(new ObjectMapper().readTree(before.out()).path("index").isObject()).isTrue();
  }

  @Test
  void theOptionGivenAfterTheCommandWinsOverTheOneBeforeIt() {
    CliRun run =
        CliRun.of("-o", "json", "catalog", "list", "--catalog", DEMO_CATALOG, "-o", "yaml");

    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out()).startsWith("name:");
  }

  @Test
  void anOptionBeforeACommandThatDoesNotTakeItIsRefusedAndNothingRuns() {
    CliRun run = CliRun.of("--server", "http://127.0.0.1:1", "verify", "plan.json");

    assertThat(run.exitCode()).isEqualTo(ExitCodes.FAILED);
    assertThat(run.err()).contains("swiss verify takes no --server").contains("verify --help");
    assertThat(run.out()).isEmpty();
  }

  @Test
  void theKubeconfigAndContextGivenBeforeTheCommandAreTheClusterItTalksTo() {
    String[] before = {"--kubeconfig", "/k/config", "--context", "ctx", "status", "--release", "r"};
    String[] after = {"status", "--release", "r", "--kubeconfig", "/k/config", "--context", "ctx"};

    StatusCommand beforeIt = (StatusCommand) commandOf(before);
    StatusCommand afterIt = (StatusCommand) commandOf(after);

    assertThat(beforeIt.cluster.target(null)).isEqualTo(afterIt.cluster.target(null));
    assertThat(beforeIt.cluster.target(null).context()).isEqualTo("ctx");
    assertThat(beforeIt.cluster.target(null).kubeconfig()).isEqualTo(Path.of("/k/config"));
  }

  /** Every command that takes one of the options, with each: what picocli hands down. */
  static Stream<Arguments> everyCommandTakingAnOption() {
    CommandSpec top = Main.commandLine().getCommandSpec();
    List<Arguments> cases = new ArrayList<>();
    for (OptionSpec option : top.options()) {
      if (option.usageHelp() || option.versionHelp()) {
        continue;
      }
      for (CommandSpec command : commands(top)) {
        if (command.findOption(option.longestName()) != null) {
          cases.add(Arguments.of(command.qualifiedName(" ").substring(6), option.longestName()));
        }
      }
    }
    return cases.stream();
  }

  @ParameterizedTest(name = "swiss {1} V {0} is swiss {0} {1} V")
  @MethodSource("everyCommandTakingAnOption")
  void everyCommandThatTakesAnOptionTakesItBeforeItsNameToo(String command, String option) {
    String value = option.equals("--kubeconfig") ? "/k/config" : "yaml";
    List<String> names = List.of(command.split(" "));
    List<String> before = new ArrayList<>(List.of(option, value));
    before.addAll(names);
    List<String> after = new ArrayList<>(names);
    after.addAll(List.of(option, value));

    Object fromBefore = specOf(required(before, names)).findOption(option).getValue();
    Object fromAfter = specOf(required(after, names)).findOption(option).getValue();

    assertThat(fromBefore).isEqualTo(fromAfter).isNotNull();
    assertThat(Objects.toString(fromBefore)).isEqualTo(value);
  }

  @Test
  void completionScriptsStillCompleteTheCommandsAndTheFormatsOfAnOptionGivenFirst() {
    CliRun bash = CliRun.of("completion", "bash");

    assertThat(bash.exitCode()).as(bash.err()).isZero();
    assertThat(bash.out()).contains("swiss __complete formats", "--server", "list");
    assertThat(CliRun.of("completion", "fish").out())
        .contains("complete -c swiss -n '__fish_use_subcommand' -l server -r");
  }

  /** {@code args} with whatever the command requires besides (an id, a shell, an action). */
  private static List<String> required(List<String> args, List<String> names) {
    CommandLine line = Main.commandLine();
    for (String name : names) {
      line = line.getSubcommands().get(name);
    }
    List<String> all = new ArrayList<>(args);
    for (OptionSpec option : line.getCommandSpec().options()) {
      if (option.required()) {
        all.addAll(List.of(option.longestName(), "install"));
      }
    }
    for (PositionalParamSpec positional : line.getCommandSpec().positionalParameters()) {
      if (positional.arity().min() > 0) {
        all.add("1");
      }
    }
    return all;
  }

  /** The command's own object after parsing and handing down, as it runs. */
  private static Object commandOf(String... args) {
    return specOf(List.of(args)).userObject();
  }

  private static CommandSpec specOf(List<String> args) {
    ParseResult parsed = Main.commandLine().parseArgs(args.toArray(String[]::new));
    RootOptions.handDown(parsed);
    while (parsed.hasSubcommand()) {
      parsed = parsed.subcommand();
    }
    return parsed.commandSpec();
  }

  private static List<CommandSpec> commands(CommandSpec spec) {
    List<CommandSpec> all = new ArrayList<>();
    for (CommandLine sub : spec.subcommands().values()) {
      if (!all.contains(sub.getCommandSpec()) && sub.getCommandSpec() != spec) {
        all.add(sub.getCommandSpec());
        all.addAll(commands(sub.getCommandSpec()));
      }
    }
    return all.stream().distinct().toList();
  }
}
