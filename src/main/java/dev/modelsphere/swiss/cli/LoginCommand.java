package dev.modelsphere.swiss.cli;

import dev.modelsphere.swiss.server.routes.ReadAnswers;
import dev.modelsphere.swiss.server.routes.SessionRoutes;
import dev.modelsphere.swiss.values.Nulls;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * Signs in to a swiss server and keeps the session, so that later commands go through its API: the
 * server's credentials, its lock and its audit log instead of the user's own cluster access.
 */
@Command(
    name = "login",
    mixinStandardHelpOptions = true,
    description = {
      "Sign in to a swiss server; later commands go through it until swiss logout.",
      "  echo \"$PASSWORD\" | swiss login https://swiss.example --username alice --password-stdin",
      "  swiss login https://swiss.example --token \"$TOKEN\""
    })
public final class LoginCommand implements Runnable {
  @Parameters(
      index = "0",
      paramLabel = "URL",
      description = "The server, e.g. https://swiss.example")
  String server;

  @Option(names = "--username", description = "Who signs in (with --password-stdin).")
  String username;

  @Option(
      names = "--password-stdin",
      description = "Read the password from standard input, so it is in no shell history.")
  boolean passwordStdin;

  @Option(names = "--token", description = "A session token the server issued, instead.")
  String token;

  @Spec CommandSpec spec;

  @Override
  public void run() {
    SwissApi anonymous = new SwissApi(server, "");
    SavedSession session;
    if (!GlobalOptions.empty(token)) {
      session = checked(new SwissApi(server, token));
    } else if (passwordStdin && !GlobalOptions.empty(username)) {
      ReadAnswers.LoggedIn answer =
          anonymous.post(
              "/api/login",
              new SessionRoutes.Attempt(username, password()),
              ReadAnswers.LoggedIn.class);
      session = new SavedSession(anonymous.server(), answer.user(), answer.token());
    } else {
      throw new CliException(
          "sign in with --username NAME --password-stdin (the password on standard input), or"
              + " --token TOKEN");
    }
    session.save();
    PrintWriter out = spec.commandLine().getOut();
    out.printf("logged in to %s as %s%n", session.server(), session.user());
    out.flush();
  }

  /** A token is saved only once the server says it opens a session. */
  private SavedSession checked(SwissApi api) {
    ReadAnswers.SessionState session = api.get("/api/session", ReadAnswers.SessionState.class);
    if (!session.authenticated()) {
      throw new CliException("the server at %s does not accept this token".formatted(api.server()));
    }
    return new SavedSession(api.server(), Nulls.orEmpty(session.user()), token);
  }

  private static String password() {
    try {
      String typed = new String(System.in.readAllBytes(), StandardCharsets.UTF_8).strip();
      if (typed.isEmpty()) {
        throw new CliException("--password-stdin read nothing: pipe the password in");
      }
      return typed;
    } catch (IOException e) {
      throw new CliException("cannot read the password from standard input: " + e.getMessage());
    }
  }
}
