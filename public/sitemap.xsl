<?xml version="1.0" encoding="UTF-8"?>
<!-- Renders /sitemap.xml as a readable page for people; crawlers read the XML itself. -->
<xsl:stylesheet version="1.0"
  xmlns:xsl="http://www.w3.org/1999/XSL/Transform"
  xmlns:sm="http://www.sitemaps.org/schemas/sitemap/0.9">
  <xsl:output method="html" encoding="UTF-8" indent="yes" doctype-system="about:legacy-compat"/>
  <xsl:template match="/">
    <html lang="en">
      <head>
        <meta charset="utf-8"/>
        <meta name="viewport" content="width=device-width, initial-scale=1"/>
        <meta name="robots" content="noindex"/>
        <title>Sitemap</title>
        <link rel="stylesheet" href="/sitemap.css"/>
      </head>
      <body>
        <main>
          <h1>Sitemap</h1>
          <p>This is the XML sitemap search engines read. It lists <xsl:value-of select="count(sm:urlset/sm:url)"/> pages.</p>
          <table>
            <thead>
              <tr><th scope="col">Page</th><th scope="col">Priority</th><th scope="col">Changes</th><th scope="col">Last modified</th></tr>
            </thead>
            <tbody>
              <xsl:for-each select="sm:urlset/sm:url">
                <tr>
                  <td><a href="{sm:loc}"><xsl:value-of select="sm:loc"/></a></td>
                  <td><xsl:value-of select="sm:priority"/></td>
                  <td><xsl:value-of select="sm:changefreq"/></td>
                  <td><xsl:value-of select="substring(sm:lastmod, 1, 10)"/></td>
                </tr>
              </xsl:for-each>
            </tbody>
          </table>
        </main>
      </body>
    </html>
  </xsl:template>
</xsl:stylesheet>
