// Starts Swagger UI on /api-dokumentation (referencePage.ts). A file of its own, not an inline
// script: the site's Content-Security-Policy runs scripts from this server only.
const root = document.getElementById('swagger-ui');
/** Swagger UI's wrapper of a component that shows nothing instead. */
const leaveOut = () => () => null;
root.textContent = '';
window.SwaggerUIBundle({
  url: root.dataset.url,
  domNode: root,
  layout: 'BaseLayout',
  presets: [window.SwaggerUIBundle.presets.apis],
  plugins: [
    // One server, nothing to choose: the unlabelled server list is left out. Nothing is sent from
    // the page, so neither are the buttons to enter credentials: each operation's description
    // says whether it takes an API key.
    () => ({
      wrapComponents: {
        ServersContainer: leaveOut,
        AuthorizeBtnContainer: leaveOut,
        authorizeOperationBtn: leaveOut,
      },
    }),
  ],
  // A reference to read: no requests from the page, no links inside the operation buttons.
  supportedSubmitMethods: [],
  deepLinking: false,
  // Plain examples: the highlighter's colours do not reach 4.5:1 on its dark background.
  syntaxHighlight: { activated: false },
  validatorUrl: null,
  docExpansion: 'list',
  defaultModelsExpandDepth: 0,
});
