// The floor's own config, so that Next.js does not take the site's one level up; exported as the
// site's static export is, and built by the site's own `next` (the same next, react and react-dom).
const config = { output: "export" };

export default config;
