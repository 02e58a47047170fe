# Placeholder until the site exists (issue #4).
.PHONY: site serve test-site bench-site
site:
	@echo "The site is not built yet (issue #4): nothing to serve."; exit 1
serve: site
test-site:
	@echo "No site tests yet (issue #4)."
bench-site:
	@echo "No site benchmark yet (issue #4)."
