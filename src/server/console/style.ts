// The console's one stylesheet, served at /app/console.css (kept in code so the build copies it).
export const STYLESHEET = `
:root { --ink: #1d2330; --muted: #5d6778; --line: #dfe3ea; --bg: #f6f7f9; --card: #fff; --accent: #3b5bdb; --accent-soft: #edf2ff; --warn: #c2410c; --warn-soft: #fff4e6; --ok: #2b8a3e; }
* { box-sizing: border-box; }
body { margin: 0; font: 14px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; color: var(--ink); background: var(--bg); }
a { color: var(--accent); text-decoration: none; }
a:hover { text-decoration: underline; }
header.top { display: flex; align-items: center; gap: 1.5rem; padding: .7rem 1.5rem; background: #1f2937; color: #e5e7eb; }
header.top a { color: #fff; }
header.top .brand { font-weight: 700; letter-spacing: .02em; }
header.top nav { flex: 1; color: #9ca3af; }
header.top nav a { color: #d1d5db; }
header.top .who { display: flex; align-items: center; gap: .75rem; color: #d1d5db; }
header.top button { background: transparent; color: #e5e7eb; border: 1px solid #4b5563; border-radius: 6px; padding: .2rem .7rem; cursor: pointer; font: inherit; }
main { max-width: 1280px; margin: 0 auto; padding: 1.5rem; }
h1 { font-size: 1.6rem; margin: 0 0 .25rem; }
h2 { font-size: 1.1rem; margin: 0 0 .75rem; }
.card > h2:not(:first-child) { margin-top: 1.5rem; }
.sub { color: var(--muted); margin: 0 0 1.25rem; }
.card { background: var(--card); border: 1px solid var(--line); border-radius: 10px; padding: 1rem 1.25rem; margin-bottom: 1.25rem; }
.grid { display: grid; grid-template-columns: repeat(auto-fit, minmax(380px, 1fr)); gap: 1.25rem; margin-bottom: 1.25rem; }
.grid .card { margin-bottom: 0; }
table { width: 100%; border-collapse: collapse; background: var(--card); }
th, td { text-align: left; padding: .55rem .75rem; border-bottom: 1px solid var(--line); vertical-align: top; }
th { font-size: .75rem; text-transform: uppercase; letter-spacing: .04em; color: var(--muted); background: #fafbfc; white-space: nowrap; }
tbody tr:hover { background: #f8f9fc; }
.table-wrap { border: 1px solid var(--line); border-radius: 10px; overflow: auto; }
.num { text-align: right; font-variant-numeric: tabular-nums; }
.nowrap { white-space: nowrap; }
.muted { color: var(--muted); }
.chip { display: inline-block; padding: 0 .5rem; margin: 0 .25rem .25rem 0; border-radius: 999px; background: var(--accent-soft); color: #364fc7; font-size: .8rem; white-space: nowrap; }
.chip.kv { background: #f1f3f5; color: #343a40; border: 1px solid var(--line); }
.chip.kv b { font-weight: 600; }
.chip.inherited { border-style: dashed; border-color: #adb5bd; background: #fff; color: var(--muted); }
.badge { display: inline-block; padding: .05rem .5rem; border-radius: 6px; font-size: .78rem; font-weight: 600; }
.badge.locked { background: var(--warn-soft); color: var(--warn); }
.badge.unlocked { background: #ebfbee; color: var(--ok); }
.badge.sensitive { background: #f1f3f5; color: var(--muted); }
dl.settings { display: grid; grid-template-columns: max-content 1fr; gap: .35rem 1.25rem; margin: 0; }
dl.settings dt { color: var(--muted); }
dl.settings dd { margin: 0; word-break: break-word; }
form.filters { display: flex; flex-wrap: wrap; gap: .75rem; align-items: flex-end; margin-bottom: 1rem; }
form.filters input { width: 8.5rem; }
form.filters select { max-width: 12rem; }
form.filters label { display: flex; flex-direction: column; font-size: .75rem; color: var(--muted); gap: .2rem; }
input, select { font: inherit; padding: .35rem .5rem; border: 1px solid #c9ced6; border-radius: 6px; background: #fff; color: var(--ink); }
button.primary, .button { font: inherit; padding: .38rem .9rem; border-radius: 6px; border: 1px solid var(--accent); background: var(--accent); color: #fff; cursor: pointer; }
button.secondary { font: inherit; padding: .25rem .7rem; border-radius: 6px; border: 1px solid #c9ced6; background: #fff; color: var(--ink); cursor: pointer; }
.pager { display: flex; gap: 1rem; align-items: center; justify-content: space-between; margin-top: .75rem; color: var(--muted); }
.pager .links { display: flex; gap: .75rem; }
.change-request { border-top: 1px solid var(--line); padding: .75rem 0; }
.change-request:first-of-type { border-top: 0; }
.change-request header { display: flex; justify-content: space-between; gap: 1rem; align-items: baseline; }
.change-request h3 { margin: 0; font-size: 1rem; }
.message { margin-top: .4rem; }
.message pre { background: #f1f3f5; padding: .6rem; border-radius: 6px; overflow: auto; }
.message code { background: #f1f3f5; padding: 0 .25rem; border-radius: 4px; }
details summary { cursor: pointer; color: var(--muted); margin-top: .5rem; }
.login { max-width: 420px; margin: 4rem auto; }
.login label { display: block; margin: .75rem 0 .25rem; color: var(--muted); }
.login input { width: 100%; }
.login button { margin-top: 1rem; }
.error { color: #c92a2a; }
ul.plain { list-style: none; padding: 0; margin: 0; }
ul.plain li { padding: .2rem 0; }
`;
