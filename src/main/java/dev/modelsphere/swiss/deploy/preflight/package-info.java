/**
 * Preflight: the checks a plan must pass before swiss installs or applies it, each a named {@link
 * dev.modelsphere.swiss.deploy.preflight.PreflightRule} that reports every problem it finds at
 * once. {@link dev.modelsphere.swiss.deploy.preflight.Preflight} runs them all and answers a {@link
 * dev.modelsphere.swiss.deploy.preflight.PreflightReport}; a rule that cannot read the cluster
 * reports that as its problem instead of throwing, so one outage never hides the other rules'
 * findings.
 *
 * <p>Checks that decide whether a name is free (release identity, routes, service ids) read the
 * cluster live on every run: a watch cache that lags by a second could let two installs claim one
 * route. GPU fit may use the watch-backed node inventory, because the scheduler decides in the end.
 */
package dev.modelsphere.swiss.deploy.preflight;
