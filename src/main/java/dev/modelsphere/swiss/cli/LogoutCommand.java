package dev.modelsphere.swiss.cli;

import java.io.PrintWriter;
import java.util.Optional;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** Ends the saved session: the server forgets the token, and commands act locally again. */
@Command(
    name = "logout",
    mixinStandardHelpOptions = true,
    description = "Sign out of the server swiss login saved; commands act on the cluster again.")
public final class LogoutCommand implements Runnable {
  @Spec CommandSpec spec;

  @Override
  public void run() {
    Optional<SavedSession> saved = SavedSession.load();
    PrintWriter out = spec.commandLine().getOut();
    if (saved.isEmpty()) {
      out.println("not logged in");
      out.flush();
      return;
    }
    try {
      new SwissApi(saved.get().server(), saved.get().token()).post("/api/logout", null);
    } catch (RuntimeException unreachable) {
      // The local session goes whatever the server says: the user asked to sign out here.
    }
    SavedSession.delete();
    out.printf("logged out of %s%n", saved.get().server());
    out.flush();
  }
}
