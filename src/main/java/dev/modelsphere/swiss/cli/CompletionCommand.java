package dev.modelsphere.swiss.cli;

import java.io.PrintWriter;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.AutoComplete;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * Shell completion, generated from the command tree: commands and flags, and the values swiss knows
 * better than the shell (model names from the catalog, release names from the cluster, the output
 * formats), asked of {@code swiss __complete} when the user presses TAB.
 */
@Command(
    name = "completion",
    mixinStandardHelpOptions = true,
    description = {
      "Print a completion script for bash, zsh or fish.",
      "  bash:  source <(swiss completion bash)     (or save it in /etc/bash_completion.d)",
      "  zsh:   source <(swiss completion zsh)      (the bash script, through bashcompinit)",
      "  fish:  swiss completion fish > ~/.config/fish/completions/swiss.fish"
    })
public final class CompletionCommand implements Runnable {
  static final List<String> SHELLS = List.of("bash", "zsh", "fish");

  /** The options whose values come from swiss itself, and what it is asked for them. */
  private static final Map<String, String> DYNAMIC =
      Map.of(
          "--model", CompleteCommand.MODELS,
          "--release", CompleteCommand.RELEASES,
          "-o", CompleteCommand.FORMATS,
          "--output", CompleteCommand.FORMATS);

  /**
   * A case of picocli's script for an option whose value it cannot complete: {@code
   * '-o'|'--output')}.
   */
  private static final Pattern CASE_THAT_COMPLETES_NOTHING =
      Pattern.compile("(?m)^    ('[^'\n]+'(?:\\|'[^'\n]+')*)\\)\n      return\n");

  @Parameters(index = "0", paramLabel = "SHELL", description = "bash, zsh or fish.")
  String shell;

  @Spec CommandSpec spec;

  @Override
  public void run() {
    CommandLine root = spec.root().commandLine();
    String script =
        switch (shell) {
          case "bash", "zsh" -> bash(root);
          case "fish" -> fish(root.getCommandSpec());
          default ->
              throw new CliException(
                  "no completion for shell %s: choose one of %s"
                      .formatted(shell, String.join(", ", SHELLS)));
        };
    PrintWriter out = spec.commandLine().getOut();
    out.print(script);
    out.flush();
  }

  /**
   * picocli's script, which serves zsh too, with the dynamic options asking swiss for their values
   * instead of completing nothing.
   */
  static String bash(CommandLine root) {
    Matcher option = CASE_THAT_COMPLETES_NOTHING.matcher(AutoComplete.bash("swiss", root));
    StringBuilder script = new StringBuilder();
    while (option.find()) {
      String what =
          Arrays.stream(option.group(1).split("\\|"))
              .map(name -> DYNAMIC.get(name.replace("'", "")))
              .filter(Objects::nonNull)
              .findFirst()
              .orElse(null);
      String replacement =
          what == null
              ? option.group()
              : ("    %s)\n      local IFS=$'\\n'\n      COMPREPLY=( $(compgen -W \"$(swiss"
                      + " __complete %s 2>/dev/null)\" -- \"${curr_word}\") )\n      return\n")
                  .formatted(option.group(1), what);
      option.appendReplacement(script, Matcher.quoteReplacement(replacement));
    }
    option.appendTail(script);
    return script.toString();
  }

  /** fish's {@code complete} lines: each command, then each command's flags. */
  static String fish(CommandSpec root) {
    StringBuilder out = new StringBuilder("# fish completion for swiss (swiss completion fish)\n");
    out.append("complete -c swiss -f\n");
    // The options that may come before a command, offered before one is named.
    for (OptionSpec option : root.options()) {
      if (!option.hidden() && !option.usageHelp() && !option.versionHelp()) {
        out.append(optionLine("__fish_use_subcommand", option)).append('\n');
      }
    }
    for (CommandSpec sub : visible(root)) {
      out.append(
          "complete -c swiss -n __fish_use_subcommand -a %s -d %s\n"
              .formatted(sub.name(), quoted(summary(sub.usageMessage().description()))));
      String seen = "__fish_seen_subcommand_from " + sub.name();
      for (OptionSpec option : sub.options()) {
        if (option.hidden()) {
          continue;
        }
        out.append(optionLine(seen, option)).append('\n');
      }
      for (CommandSpec nested : visible(sub)) {
        out.append(
            "complete -c swiss -n '%s' -a %s -d %s\n"
                .formatted(
                    seen, nested.name(), quoted(summary(nested.usageMessage().description()))));
      }
    }
    return out.toString();
  }

  /** fish's {@code complete} line of one option, offered while {@code condition} holds. */
  private static String optionLine(String condition, OptionSpec option) {
    StringBuilder line = new StringBuilder("complete -c swiss -n '%s'".formatted(condition));
    for (String name : option.names()) {
      line.append(name.startsWith("--") ? " -l " + name.substring(2) : " -s " + name.substring(1));
    }
    String dynamic = DYNAMIC.get(option.longestName());
    if (dynamic != null) {
      line.append(" -r -a '(swiss __complete %s 2>/dev/null)'".formatted(dynamic));
    } else if (option.arity().max() > 0) {
      line.append(" -r");
    }
    return line.append(" -d ").append(quoted(summary(option.description()))).toString();
  }

  private static List<CommandSpec> visible(CommandSpec spec) {
    return spec.subcommands().values().stream()
        .map(CommandLine::getCommandSpec)
        .filter(s -> !s.usageMessage().hidden())
        .distinct()
        .toList();
  }

  private static String summary(String[] description) {
    return description.length == 0 ? "" : description[0];
  }

  private static String quoted(String text) {
    return "'" + text.replace("\\", "\\\\").replace("'", "\\'") + "'";
  }
}
