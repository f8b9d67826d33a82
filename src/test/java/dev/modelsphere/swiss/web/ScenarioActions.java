package dev.modelsphere.swiss.web;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Where a browser scenario asks the test to change the cluster behind the UI's back: {@code POST
 * <url><name>} with the argument as its body, answered 200 with the action's result, or 409 with
 * the reason it failed. Playwright runs a spec in a worker process whose stdin is not ours, so the
 * request goes over loopback HTTP instead of the old runner's stdin lines.
 */
final class ScenarioActions implements AutoCloseable {
  /** What the test does for one action: its result is the scenario's answer. */
  @FunctionalInterface
  interface Action {
    String perform(String arg) throws Exception;
  }

  private static final String PATH = "/act/";

  private final Map<String, Action> actions;
  private final HttpServer http;
  private final List<String> failures = new CopyOnWriteArrayList<>();

  private ScenarioActions(Map<String, Action> actions, HttpServer http) {
    this.actions = Map.copyOf(actions);
    this.http = http;
  }

  /** Serves {@code actions} on a free loopback port until closed. */
  static ScenarioActions serve(Map<String, Action> actions) {
    try {
      HttpServer http =
          HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
      ScenarioActions served = new ScenarioActions(actions, http);
      http.createContext(PATH, served::answer);
      http.start();
      return served;
    } catch (IOException e) {
      throw new UncheckedIOException("serve the browser scenario's actions", e);
    }
  }

  /** The address the scenario's {@code act} fixture posts to ({@code SWISS_E2E_ACTIONS}). */
  String url() {
    InetSocketAddress address = http.getAddress();
    return "http://" + address.getHostString() + ":" + address.getPort() + PATH;
  }

  /** The actions that failed or that the test does not offer, each with its reason. */
  List<String> failures() {
    return List.copyOf(failures);
  }

  private void answer(HttpExchange exchange) throws IOException {
    try (exchange) {
      String name =
          URLDecoder.decode(
              exchange.getRequestURI().getPath().substring(PATH.length()), StandardCharsets.UTF_8);
      String arg = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
      String reply;
      int status;
      try {
        reply = perform(name, arg);
        status = 200;
      } catch (Exception | AssertionError e) {
        failures.add(name + " " + arg + ": " + e);
        reply = String.valueOf(e);
        status = 409;
      }
      byte[] body = reply.getBytes(StandardCharsets.UTF_8);
      exchange.sendResponseHeaders(status, body.length == 0 ? -1 : body.length);
      exchange.getResponseBody().write(body);
    }
  }

  private String perform(String name, String arg) throws Exception {
    Action action = actions.get(name);
    if (action == null) {
      throw new IllegalArgumentException(
          "the test offers no action " + name + ", only " + actions.keySet());
    }
    return action.perform(arg).trim();
  }

  @Override
  public void close() {
    http.stop(0);
  }
}
