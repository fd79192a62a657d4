# pytester: the plugin's own tests run inner pytest sessions.
pytest_plugins = ["pytester"]
