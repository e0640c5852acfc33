// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @notice ERC-20 core shared by the sandbox stablecoins. The derived contracts expose the
/// external surface of the production token they stand in for (USDC, USDT, DAI), so code that
/// works against the sandbox meets the same quirks in production.
/// Minting exists only so the sandbox can fund demo wallets; production tokens have no such door.
abstract contract SandboxERC20 {
    string public name;
    string public symbol;
    uint8 public immutable decimals;
    uint256 public totalSupply;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;
    address public immutable minter;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    constructor(string memory name_, string memory symbol_, uint8 decimals_, address[] memory holders, uint256 amountEach) {
        name = name_;
        symbol = symbol_;
        decimals = decimals_;
        minter = msg.sender;
        for (uint256 i = 0; i < holders.length; i++) _mint(holders[i], amountEach);
    }

    function mint(address to, uint256 amount) external {
        require(msg.sender == minter, "SandboxERC20: only the sandbox minter");
        _mint(to, amount);
    }

    function _mint(address to, uint256 amount) internal {
        totalSupply += amount;
        balanceOf[to] += amount;
        emit Transfer(address(0), to, amount);
    }

    function _transfer(address from, address to, uint256 amount) internal {
        require(to != address(0), "ERC20: transfer to the zero address");
        uint256 balance = balanceOf[from];
        require(balance >= amount, "ERC20: transfer amount exceeds balance");
        unchecked {
            balanceOf[from] = balance - amount;
        }
        balanceOf[to] += amount;
        emit Transfer(from, to, amount);
    }

    function _approve(address owner_, address spender, uint256 amount) internal {
        require(spender != address(0), "ERC20: approve to the zero address");
        allowance[owner_][spender] = amount;
        emit Approval(owner_, spender, amount);
    }

    // An allowance of type(uint256).max never decreases, as in OpenZeppelin and USDC.
    function _spendAllowance(address owner_, address spender, uint256 amount) internal {
        uint256 current = allowance[owner_][spender];
        if (current != type(uint256).max) {
            require(current >= amount, "ERC20: transfer amount exceeds allowance");
            unchecked {
                allowance[owner_][spender] = current - amount;
            }
        }
    }
}
