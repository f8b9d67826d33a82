package dev.modelsphere.swiss.server.events;

import java.util.concurrent.ThreadFactory;

/** Threads that never keep the process alive: the events stop with the server, not before it. */
final class DaemonThreads {
  private DaemonThreads() {}

  static ThreadFactory named(String name) {
    return task -> {
      Thread thread = new Thread(task, name);
      thread.setDaemon(true);
      return thread;
    };
  }
}
