import { Component, type ErrorInfo, type ReactNode } from "react";
import { basePath } from "../lib/basePath";

interface Props {
  children: ReactNode;
  /** What failed, in the heading: "This page", "swiss". */
  what?: string;
}

interface State {
  error: Error | null;
}

/**
 * Catches an error thrown while rendering (an answer of a shape the page did not expect, say) so
 * that one page fails on its own, with a message and a way out, instead of blanking the whole app.
 * Mount it with a `key` that changes on navigation to clear it when the user goes elsewhere.
 */
export class ErrorBoundary extends Component<Props, State> {
  state: State = { error: null };

  static getDerivedStateFromError(thrown: unknown): State {
    return { error: thrown instanceof Error ? thrown : new Error(String(thrown)) };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    // Kept in the console for whoever reports the problem; the page says what to do.
    console.error("swiss: a page failed to render", error, info.componentStack);
  }

  render() {
    const { error } = this.state;
    if (error === null) {
      return this.props.children;
    }
    return (
      <div role="alert" className="m-4 flex flex-col gap-2 rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-800">
        <h2 className="text-base font-semibold">{this.props.what ?? "This page"} could not be shown</h2>
        <p>
          Something in the server's answer was not what the page expected. Try again, reload, or go back to the deployments; if it keeps
          happening, report the message below.
        </p>
        <pre className="overflow-auto rounded bg-white p-2 text-xs text-red-900">{error.message}</pre>
        <div className="flex flex-wrap gap-3">
          <button type="button" className="underline" onClick={() => this.setState({ error: null })}>
            Try again
          </button>
          <button type="button" className="underline" onClick={() => window.location.reload()}>
            Reload
          </button>
          <a className="underline" href={`${basePath}/`}>
            Back to deployments
          </a>
        </div>
      </div>
    );
  }
}
