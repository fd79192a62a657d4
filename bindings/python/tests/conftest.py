import pytest

# pytester: the plugin's own tests run inner pytest sessions.
pytest_plugins = ["pytester"]

# The inner sessions' conftest: their tests are coroutines (the SDK's
# client is async), run by anyio on asyncio.
ASYNC_CONFTEST = '''
import inspect
import pytest


def pytest_collection_modifyitems(items):
    for item in items:
        if inspect.iscoroutinefunction(getattr(item, "function", None)):
            item.add_marker(pytest.mark.anyio)


@pytest.fixture
def anyio_backend():
    return "asyncio"
'''


@pytest.fixture
def async_pytester(pytester):
    """A pytester whose inner sessions run async tests."""
    pytester.makeconftest(ASYNC_CONFTEST)
    return pytester
