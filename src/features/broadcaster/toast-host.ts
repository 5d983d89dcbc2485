/**
 * One fixed column on the page's body for her workspace's toasts (requests, shows about to start),
 * so they stack instead of overlapping, and show whichever section hides the one that owns them.
 */
const HOST_ID = 'workspace-toasts';

export function workspaceToastHost(): HTMLElement {
  const found = document.getElementById(HOST_ID);
  if (found) return found;
  const host = document.createElement('div');
  host.id = HOST_ID;
  host.className = 'toasts';
  document.body.append(host);
  return host;
}
